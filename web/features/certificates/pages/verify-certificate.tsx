import { useParams } from 'react-router';
import type { CertificateDose, Verification } from '#shared/certificates';
import { formatDay } from '#shared/dates';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useVerification } from '../api/verify.ts';

const SPECIES: Record<Verification['pet']['species'], string> = {
  dog: 'Dog',
  cat: 'Cat',
  bird: 'Bird',
  rabbit: 'Rabbit',
  fish: 'Fish',
  other: 'Other',
};
const SEX = { male: 'Male', female: 'Female', unknown: 'Unknown' } as const;
const TITLE = 'Vaccination certificate check';

const doseText = (d: CertificateDose) =>
  `Dose ${d.doseNumber}${d.doseNumber <= d.seriesDoses ? ` of ${d.seriesDoses}` : ' (booster)'}`;

const columns: Column<CertificateDose>[] = [
  { id: 'given', header: 'Date given', cell: (d) => formatDay(d.givenOn), className: 'whitespace-nowrap' },
  {
    id: 'vaccine',
    header: 'Vaccine / product',
    rowHeader: true,
    cell: (d) => (
      <>
        <span className="font-semibold">{d.vaccineName}</span> <span className="text-ink-muted">{doseText(d)}</span>
        <br />
        {d.product}
        {d.correction && <span className="block text-sm text-ink-muted">Corrected entry</span>}
      </>
    ),
  },
  { id: 'manufacturer', header: 'Manufacturer', cell: (d) => d.manufacturer ?? '—' },
  { id: 'batch', header: 'Batch', cell: (d) => d.batch },
  { id: 'expiry', header: 'Batch expiry', cell: (d) => formatDay(d.expiresOn), className: 'whitespace-nowrap' },
  { id: 'by', header: 'Given by', cell: (d) => d.givenByName },
];

function Genuine({ v }: { v: Verification }) {
  const formatInstant = useFormatInstant();
  const facts: [string, string][] = [
    ['Name', v.pet.name],
    ['Species', SPECIES[v.pet.species]],
    ['Breed', v.pet.breed ?? '—'],
    ['Sex', v.pet.sex ? SEX[v.pet.sex] : '—'],
    ['Birth date', v.pet.birthDate ? formatDay(v.pet.birthDate) : '—'],
    ['Markings', v.pet.markings ?? '—'],
    ['Microchip', v.pet.microchip ?? 'Not known'],
  ];
  return (
    <>
      <div role="status" className="rounded-xl bg-green-50 p-4 text-green-950 ring-1 ring-green-300 sm:p-6">
        <p className="text-xl font-bold">Genuine and current</p>
        <p className="mt-1">
          This is {v.pet.name}&apos;s vaccination record at {v.clinic.name} as it stands on {formatDay(v.asOf)}. The
          link was issued {formatInstant(v.issuedAt)}.
        </p>
      </div>
      <section
        aria-labelledby="verify-pet"
        className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-6"
      >
        <h2 id="verify-pet" className="text-xl font-bold">
          The pet
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="verify-doses" className="mt-6">
        <h2 id="verify-doses" className="mb-3 text-xl font-bold">
          Vaccinations and preventive treatments
        </h2>
        {v.doses.length === 0 ? (
          <p className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
            No vaccination or treatment is recorded yet.
          </p>
        ) : (
          <CardsOrTable
            caption={`${v.pet.name}'s doses, oldest first`}
            columns={columns}
            rows={v.doses}
            rowKey={(d) => `${d.givenOn}-${d.vaccineName}-${d.batch}-${d.doseNumber}`}
            tableFrom="lg"
            cardHeader={(d) => (
              <h3 className="font-semibold">
                {d.vaccineName} <span className="font-normal text-ink-muted">{doseText(d)}</span>
              </h3>
            )}
            cardDetails={(d) => [
              ['Date given', formatDay(d.givenOn)],
              ['Product', d.product + (d.correction ? ' (corrected entry)' : '')],
              ['Manufacturer', d.manufacturer ?? '—'],
              ['Batch', d.batch],
              ['Batch expiry', formatDay(d.expiresOn)],
              ['Given by', d.givenByName],
            ]}
            cardActions={() => null}
          />
        )}
      </section>
      <p className="mt-6 text-sm text-ink-muted">
        {v.clinic.name}, {v.clinic.address}
      </p>
    </>
  );
}

/**
 * /verify/:code, the page a certificate's QR code opens, for anyone (no sign-in): whether the certificate is genuine
 * and current, with what the certificate shows and nothing about the owner; a withdrawn or unknown link says it is
 * not valid.
 */
export default function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const verification = useVerification(code);
  if (verification.isPending) {
    return (
      <PageShell title={TITLE} width="normal">
        <LoadingState label="Checking the certificate…" />
      </PageShell>
    );
  }
  if (verification.isError) {
    const gone = verification.error instanceof ApiError && verification.error.status === 404;
    return (
      <PageShell title={TITLE} width="normal">
        {gone ? (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-950 ring-1 ring-red-300 sm:p-6">
            <p className="text-xl font-bold">Not valid</p>
            <p className="mt-1">{verification.error.message}</p>
            <p className="mt-2">Ask the pet&apos;s owner for a current certificate or a new link.</p>
          </div>
        ) : (
          <ErrorState
            message={errorMessage(verification.error, 'Could not check the certificate. Please try again.')}
            onRetry={() => void verification.refetch()}
          />
        )}
      </PageShell>
    );
  }
  return (
    <PageShell title={TITLE} width="normal">
      <Genuine v={verification.data} />
    </PageShell>
  );
}
