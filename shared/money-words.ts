import { toCurrency } from 'to-words/en-IN';
import { paiseText } from './money.ts';

/**
 * An amount in words as Indian invoices print it, in lakh and crore: 1,23,45,678.50 is "One Crore Twenty Three Lakh
 * Forty Five Thousand Six Hundred Seventy Eight Rupees And Fifty Paise Only". Apart from money.ts, so pages that
 * only show prices never load the words.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not a whole number of paise: ${paise}`);
  const words = toCurrency(paiseText(Math.abs(paise)));
  return paise < 0 ? `Minus ${words}` : words;
}
