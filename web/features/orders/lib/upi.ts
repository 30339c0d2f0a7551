/** A UPI deep link (NPCI's upi://pay) for a payment of `amount` rupees to the shop; any UPI app can read its QR. */
export function upiPayLink(opts: { upiId: string; payeeName: string; amount: number; note: string }): string {
  // Percent-encoding (not '+') for spaces: several UPI apps show a '+' literally.
  const params: [string, string][] = [
    ['pa', opts.upiId],
    ['pn', opts.payeeName],
    ['am', opts.amount.toFixed(2)],
    ['cu', 'INR'],
    ['tn', opts.note],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
