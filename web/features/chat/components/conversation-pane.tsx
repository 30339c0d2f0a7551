import type { Chat } from '../lib/use-chat.ts';
import { Composer, type ComposerProps } from './composer.tsx';
import { MessageList, type MessageListProps } from './message-list.tsx';

/** The part of a paged history query the pane shows: loading, and older pages on demand. */
interface HistoryPages {
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export interface ConversationPaneProps
  extends
    Pick<
      MessageListProps,
      'meId' | 'messages' | 'pending' | 'typing' | 'label' | 'emptyText' | 'onPickSender' | 'describe'
    >,
    Pick<ComposerProps, 'placeholder' | 'inputRef'> {
  history: HistoryPages;
  sender: Chat['sender'];
  typingSignal: Chat['typingSignal'];
  /** Who a message written here goes to: a customer's id, 'all', or null for a customer writing to the staff. */
  receiverId: string | null;
  listClassName?: string;
}

/**
 * A conversation and the box to answer in, wired to its history, the chat send queue and the typing signal: the
 * same for a customer writing to the staff and for the staff's chat page.
 */
export function ConversationPane({
  history,
  sender,
  typingSignal,
  receiverId,
  listClassName,
  placeholder,
  inputRef,
  ...list
}: ConversationPaneProps) {
  return (
    <>
      <MessageList
        {...list}
        loading={history.isLoading}
        hasOlder={history.hasNextPage}
        loadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
        onRetry={sender.retry}
        onDiscard={sender.discard}
        className={listClassName}
      />
      <Composer
        connected={sender.connected}
        onSend={(text) => sender.send(text, receiverId)}
        onTyping={typingSignal.typing}
        onStopTyping={typingSignal.stop}
        placeholder={placeholder}
        inputRef={inputRef}
      />
    </>
  );
}
