import type { Invoice } from '#shared/invoices';
import { formatRupees } from '#shared/money';

/** A document's lines as a table (it scrolls sideways on a phone), with its totals under it. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const interState = invoice.placeOfSupply !== invoice.supplier.stateCode;
  const cell = 'px-2 py-2 text-right tabular-nums';
  return (
    <div
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label="Lines"
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">
          Lines of {invoice.number}, with their taxes ({interState ? 'IGST' : 'CGST and SGST'})
        </caption>
        <thead className="bg-gray-50 text-left">
          <tr>
            <th scope="col" className="px-2 py-2">
              Item
            </th>
            <th scope="col" className="px-2 py-2">
              HSN/SAC
            </th>
            <th scope="col" className={cell}>
              Qty
            </th>
            <th scope="col" className={cell}>
              Taxable
            </th>
            <th scope="col" className={cell}>
              GST
            </th>
            {interState ? (
              <th scope="col" className={cell}>
                IGST
              </th>
            ) : (
              <>
                <th scope="col" className={cell}>
                  CGST
                </th>
                <th scope="col" className={cell}>
                  SGST
                </th>
              </>
            )}
            <th scope="col" className={cell}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {invoice.lines.map((l, i) => (
            <tr key={i}>
              <td className="px-2 py-2">{l.description}</td>
              <td className="px-2 py-2">{l.hsnSac}</td>
              <td className={cell}>{l.quantity}</td>
              <td className={cell}>{formatRupees(l.taxableValue)}</td>
              <td className={cell}>{l.gstRate}%</td>
              {interState ? (
                <td className={cell}>{formatRupees(l.igst)}</td>
              ) : (
                <>
                  <td className={cell}>{formatRupees(l.cgst)}</td>
                  <td className={cell}>{formatRupees(l.sgst)}</td>
                </>
              )}
              <td className={cell}>{formatRupees(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
