import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormField, FormSelect, FormTextArea } from './form-field.tsx';

const Schema = z.object({
  name: z.string().min(1, 'Name is required'),
  kind: z.string().min(1, 'Choose a kind'),
  note: z.string().max(5, 'At most 5 characters'),
  hours: z.object({ open: z.string().min(1, 'Opening time is required') }),
});
type Values = z.infer<typeof Schema>;

function TestForm({ onSave, onNameChange }: { onSave: (v: Values) => void; onNameChange?: () => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { name: '', kind: '', note: '', hours: { open: '' } },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSave)(e)}>
        <FormField name="name" label="Name" markRequired hint="As on the card" onChange={onNameChange} />
        <FormSelect name="kind" label="Kind">
          <option value="">Pick one</option>
          <option value="dog">Dog</option>
        </FormSelect>
        <FormTextArea name="note" label="Note" />
        <FormField<Values>
          name="hours.open"
          label="Opens"
          showError={(message) => (message ? 'Required' : undefined)}
        />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('FormField', () => {
  it('shows its hint, then its error, tied to the control by aria-describedby and aria-invalid', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn<(v: Values) => void>();
    render(<TestForm onSave={onSave} />);
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveAccessibleDescription('As on the card');
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Note'), 'Too long');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveAccessibleDescription('Choose a kind');
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('At most 5 characters');
    // A nested value's error, shown as the form chooses to say it.
    expect(screen.getByLabelText('Opens')).toHaveAccessibleDescription('Required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('holds the form value by name and runs its own onChange after the form', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn<(v: Values) => void>();
    const onNameChange = vi.fn();
    render(<TestForm onSave={onSave} onNameChange={onNameChange} />);
    await user.type(screen.getByLabelText(/^Name/), 'Rex');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'dog');
    await user.type(screen.getByLabelText('Opens'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ name: 'Rex', kind: 'dog', note: '', hours: { open: '09:00' } });
    expect(onNameChange).toHaveBeenCalledTimes(3);
  });
});
