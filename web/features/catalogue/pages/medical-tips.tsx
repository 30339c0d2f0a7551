import { useNavigate } from 'react-router';
import type { Product } from '#shared/catalogue';
import { TIPS_AD_ROTATE_MS } from '#shared/ui-timings';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { useOffers } from '../api/get-offers.ts';
import { ProductAd } from '../components/product-ad.tsx';

const TIPS: { title: string; points: string[] }[] = [
  {
    title: 'Keep vaccinations on schedule',
    points: [
      'Puppies and kittens need a series of core vaccines from 6 to 16 weeks of age.',
      'Adult pets need boosters every one to three years, as your vet advises.',
      'Keep the vaccination card with you when you travel or board your pet.',
    ],
  },
  {
    title: 'Look after teeth and weight',
    points: [
      'Brush your pet’s teeth a few times a week with a pet toothpaste, never a human one.',
      'Measure meals instead of free-feeding; you should feel, not see, the ribs.',
      'Chew toys help clean teeth and keep bored pets away from your furniture.',
    ],
  },
  {
    title: 'Know the warning signs',
    points: [
      'Call a vet at once for breathing trouble, repeated vomiting or a swollen belly.',
      'Not eating for a day (cats) or two (dogs) is a reason for a check-up.',
      'In hot weather keep fresh water out at all times and avoid midday walks.',
    ],
  },
];

/** /medicaltips: three tip cards and a rotating product advert that opens the catalogue with that product. */
export default function MedicalTipsPage() {
  const navigate = useNavigate();
  const products = useOffers();
  const open = (product: Product) => void navigate('/customer/product', { state: { product } });

  return (
    <PageShell title="Medical Tips" intro="Simple habits that keep pets healthy between visits to the clinic.">
      <div className="space-y-8">
        <ul className="grid gap-5 md:grid-cols-3">
          {TIPS.map((tip) => (
            <li key={tip.title} className="flex">
              <Card as="article" className="w-full">
                <h2 className="text-lg font-semibold">{tip.title}</h2>
                <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-muted">
                  {tip.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
        {!products.isError && products.data?.length !== 0 && (
          <ProductAd
            products={products.data ?? []}
            intervalMs={TIPS_AD_ROTATE_MS}
            onOpen={open}
            actionLabel="View product"
            label="Recommended products"
          />
        )}
        <p className="themed text-sm">
          These tips do not replace a visit: if you are worried about your pet, book a slot with our vets.
        </p>
      </div>
    </PageShell>
  );
}
