import type { HospitalInfo } from '#shared/bookings';

/** Where to go for a confirmed booking. */
export function HospitalInfoBlock({ info }: { info: HospitalInfo }) {
  return (
    <div className="rounded-lg bg-green-50 p-4 text-sm text-green-950 ring-1 ring-green-200">
      <p className="font-semibold">{info.name}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-green-900">Address</dt>
        <dd>{info.address}</dd>
        <dt className="text-green-900">Phone</dt>
        <dd>
          <a className="underline" href={`tel:${info.phone.replace(/[^\d+]/g, '')}`}>
            {info.phone}
          </a>
        </dd>
        <dt className="text-green-900">Email</dt>
        <dd>
          <a className="underline" href={`mailto:${info.email}`}>
            {info.email}
          </a>
        </dd>
        <dt className="text-green-900">Hours</dt>
        <dd>{info.hours}</dd>
      </dl>
    </div>
  );
}
