import { CLINIC_LIMITS } from '#shared/clinic-settings';
import { FormField } from '../../../components/form-field.tsx';

/** The shop's limits on unpaid orders: how long a UPI order waits for its payment, open unpaid orders, units per product. */
export function ShopLimits() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        name="upiHoldMinutes"
        type="number"
        inputMode="numeric"
        label="UPI payment wait (minutes)"
        min={CLINIC_LIMITS.upiHoldMinutes.min}
        max={CLINIC_LIMITS.upiHoldMinutes.max}
        hint="A UPI order without its transaction reference is canceled after this long, and its products go back on sale."
      />
      <FormField
        name="maxUnpaidOrders"
        type="number"
        inputMode="numeric"
        label="Unpaid orders per customer"
        min={CLINIC_LIMITS.maxUnpaidOrders.min}
        max={CLINIC_LIMITS.maxUnpaidOrders.max}
        hint="The most orders one customer may have placed and not paid before staff confirm them."
      />
      <FormField
        name="maxUnitsPerProduct"
        type="number"
        inputMode="numeric"
        label="Units of a product per order"
        min={CLINIC_LIMITS.maxUnitsPerProduct.min}
        max={CLINIC_LIMITS.maxUnitsPerProduct.max}
        hint="How many of one product a single order may take."
      />
    </div>
  );
}
