import { INVOICE_PREFIX_MAX, LEGAL_NAME_MAX } from '#shared/clinic-settings';
import { GST_STATES } from '#shared/gst';
import { FormField, FormSelect } from '../../../components/form-field.tsx';

const STATES = Object.entries(GST_STATES).sort((a, b) => a[1].localeCompare(b[1]));

/** The clinic's tax setup, printed on every invoice: legal name, GSTIN, state, invoice prefix, whether prices include GST. */
export function TaxSetup() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        name="legalName"
        label="Legal name"
        maxLength={LEGAL_NAME_MAX}
        autoComplete="organization"
        hint="The name the clinic is registered under for GST. Left empty, invoices carry the clinic's name."
      />
      <FormField
        name="gstin"
        label="GSTIN"
        maxLength={15}
        autoCapitalize="characters"
        spellCheck={false}
        hint="15 characters, for example 27AAPFU0939F1ZV. Leave empty while the clinic is not registered."
      />
      <FormSelect name="stateCode" label="State" hint="CGST and SGST within this state, IGST outside it.">
        {STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name} ({code})
          </option>
        ))}
      </FormSelect>
      <FormField
        name="invoicePrefix"
        label="Invoice prefix"
        maxLength={INVOICE_PREFIX_MAX}
        autoCapitalize="characters"
        spellCheck={false}
        hint="1 to 4 capital letters or digits: PC gives invoice numbers like PC/2627/000123."
      />
      <FormSelect name="pricesIncludeTax" label="Prices" hint="How the prices of products and services are stated.">
        <option value="yes">Include GST (the tax is taken out of them)</option>
        <option value="no">Exclude GST (the tax is added on the invoice)</option>
      </FormSelect>
    </div>
  );
}
