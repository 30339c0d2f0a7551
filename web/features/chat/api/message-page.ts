import type { ChatMessage } from '#shared/chat';
import { page, type Answered, type Page } from '../../../lib/api-client.ts';

/**
 * A page of a conversation's messages. This app never asks for `?shape=spec`, so the answer is the array of decision
 * 002; the spec's `{ messages }` form (decision 043) reads the same, should it come.
 */
export function messagePage(
  call: Promise<Answered<ChatMessage[] | { messages: ChatMessage[] }>>,
): Promise<Page<ChatMessage>> {
  return page(call.then(({ data, response }) => ({ data: Array.isArray(data) ? data : data?.messages, response })));
}
