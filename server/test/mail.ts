import type { Theme } from '#shared/theme-colors';
import { mailBrand, type MailBrand, type MailBrandConfig } from '../mail/brand.ts';

/** The clinic of the mail tests: its public address is known (so mails show the logo) unless `over` says otherwise. */
const TEST_CLINIC: MailBrandConfig = {
  CLINIC_NAME: 'Pawcare Pet Clinic',
  CLINIC_ADDRESS: '12 Park Street, Kolkata 700016',
  CLINIC_PHONE: '9876543210',
  CLINIC_EMAIL: 'clinic@pawcare.local',
  PUBLIC_URL: 'https://pawcare.example',
  publicUrlGiven: true,
};

/** A mail brand for unit tests of mails: the test clinic in `theme`, with `over` changed. */
export function testBrand(theme: Theme = 'white', over: Partial<MailBrandConfig> = {}): MailBrand {
  return mailBrand({ ...TEST_CLINIC, ...over }, theme);
}
