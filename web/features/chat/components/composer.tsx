import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { CHAT_MESSAGE_MAX } from '#shared/chat';
import { Button } from '../../../components/button.tsx';

export interface ComposerProps {
  connected: boolean;
  /** Returns false when the message could not be queued (then the text is kept). */
  onSend: (text: string) => boolean;
  onTyping?: () => void;
  onStopTyping?: () => void;
  placeholder?: string;
  disabled?: boolean;
  /** The message box itself, for a page that moves the focus to it (a reply target just picked). */
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter adds a line; blank text is never sent. */
export function Composer({
  connected,
  onSend,
  onTyping,
  onStopTyping,
  placeholder = 'Type a message…',
  disabled,
  inputRef,
}: ComposerProps) {
  const [text, setText] = useState('');
  const id = useId();
  const blank = text.trim().length === 0;
  const tooLong = text.length > CHAT_MESSAGE_MAX;

  const submit = () => {
    if (blank || tooLong || disabled) return;
    if (onSend(text.trim())) {
      setText('');
      onStopTyping?.();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-black/10 bg-white p-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <textarea
        ref={inputRef}
        id={id}
        rows={1}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={CHAT_MESSAGE_MAX + 1}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${id}-err` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim()) onTyping?.();
        }}
        onKeyDown={onKeyDown}
        onBlur={onStopTyping}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-md border border-gray-300 px-3 py-2 text-sm text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none"
      />
      {tooLong && (
        <p id={`${id}-err`} className="sr-only">
          Messages can be at most {CHAT_MESSAGE_MAX} characters
        </p>
      )}
      <Button
        type="submit"
        disabled={!connected || blank || tooLong || disabled}
        title={connected ? undefined : 'Not connected'}
      >
        Send
      </Button>
    </form>
  );
}
