import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddressForm } from './address-form.tsx';

describe('AddressForm', () => {
  it('shows every spec message when saved empty, and saves a complete address', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm onSave={onSave} />);
    await user.clear(screen.getByLabelText(/Country/));
    await user.type(screen.getByLabelText(/Pin Code/), '1234');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    for (const message of [
      'Name is required',
      'House number is required',
      'Landmark is required',
      'City is required',
      'State is required',
      'Country is required',
      'Enter a valid 6-digit Pin Code',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Full name/), 'Pet Owner');
    await user.type(screen.getByLabelText(/House/), ' 4B ');
    await user.type(screen.getByLabelText(/Landmark/), 'Opposite the park');
    await user.type(screen.getByLabelText(/City/), 'Pune');
    await user.type(screen.getByLabelText(/State/), 'Maharashtra');
    await user.clear(screen.getByLabelText(/Pin Code/));
    await user.type(screen.getByLabelText(/Pin Code/), '411001');
    await user.type(screen.getByLabelText(/Country/), 'India');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toEqual({
      name: 'Pet Owner',
      house: '4B',
      landmark: 'Opposite the park',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
      country: 'India',
    });
  });
});
