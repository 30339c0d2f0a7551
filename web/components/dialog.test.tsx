import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './dialog.tsx';

function CancelOrder({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel order P-1
      </button>
      <p>Answer: {answer}</p>
      <ConfirmDialog
        open={open}
        title="Cancel order P-1?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        variant="danger"
        busy={busy}
        onConfirm={() => {
          setAnswer('canceled');
          setOpen(false);
        }}
        onCancel={() => {
          setAnswer('kept');
          setOpen(false);
        }}
      >
        <p>The customer is told at once.</p>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks with its title and text, and gives focus back to the button that opened it', async () => {
    const u = userEvent.setup();
    render(<CancelOrder />);
    const opener = screen.getByRole('button', { name: 'Cancel order P-1' });
    await u.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Cancel order P-1?' });
    expect(dialog).toHaveAccessibleDescription('The customer is told at once.');
    expect(screen.getByRole('button', { name: 'Keep order' })).toHaveFocus();

    await u.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Answer: canceled')).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Escape answers no and gives focus back', async () => {
    const u = userEvent.setup();
    render(<CancelOrder />);
    await u.click(screen.getByRole('button', { name: 'Cancel order P-1' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Answer: kept')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order P-1' })).toHaveFocus();
  });

  it('stays while its action is in flight', async () => {
    const u = userEvent.setup();
    render(<CancelOrder busy />);
    await u.click(screen.getByRole('button', { name: 'Cancel order P-1' }));
    await u.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Cancel order P-1?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep order' })).toBeDisabled();
    expect(screen.getByText('Answer: none')).toBeInTheDocument();
  });
});
