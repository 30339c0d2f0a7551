import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddressForm } from './address-form';

describe('AddressForm', () => {
  it('shows every spec message when saved empty, and saves a complete address', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm onSave={onSave} />);
    await user.clear(screen.getByLabelText(/Country/));
    await user.type(screen.getByLabelText(/Pin Code/), '1234');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    for (const message of ['Name is required', 'House number is required', 'Landmark is required', 'City is required', 'State is required', 'Country is required', 'Enter a valid 6-digit Pin Code']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });
});
