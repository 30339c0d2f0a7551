-- A cancellation, by whatever path: a paid order now owes a refund, an unnamed canceller is staff, and a cancelled
-- order never reopens (its stock has been given back).
CREATE OR REPLACE FUNCTION public.orders_on_cancel()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.status = 'cancelled' AND NEW.status <> 'cancelled' THEN
    RAISE EXCEPTION 'a cancelled order cannot be reopened' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    IF OLD.payment_status = 'paid' THEN
      NEW.payment_status := 'refund_due';
    END IF;
    IF NEW.cancelled_by IS NULL THEN
      NEW.cancelled_by := 'staff';
    END IF;
  END IF;
  RETURN NEW;
END $function$;
