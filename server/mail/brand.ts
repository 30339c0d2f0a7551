import { readableText, type Theme } from '#shared/theme-colors';
import { getTheme } from '../clinic/theme.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';

/** What every e-mail shows of the clinic: its name, logo, colour and how to reach it. */
export interface MailBrand {
  name: string;
  /** The clinic's colour: button fills, links, the header's name and rule. */
  color: string;
  /** The text colour on a button of `color`. */
  onColor: string;
  /** An absolute URL of the logo, or null when the app's public address is not known (the name stands alone). */
  logoUrl: string | null;
  address: string;
  phone: string;
  email: string;
}

/** Where the built web app serves the e-mail logo (web/public/mail-logo.png, a PNG because mail clients drop SVG). */
const MAIL_LOGO_PATH = '/mail-logo.png';

/**
 * The button colour of each site theme. The site's tints (decision 030) are page backgrounds, far too pale for a
 * button, so each theme has a deep shade of its own hue here that carries white text at 4.5:1 or more (WCAG AA);
 * white, the default, keeps the house teal.
 */
export const THEME_MAIL_COLORS: Record<Theme, string> = {
  white: '#0f766e',
  pink: '#be185d',
  skyblue: '#0369a1',
  green: '#15803d',
  lightblue: '#1d4ed8',
  lightgreen: '#3f6212',
  lightyellow: '#854d0e',
  brown: '#92400e',
  red: '#b91c1c',
  gray: '#4b5563',
  silver: '#475569',
  gold: '#a16207',
  violet: '#7c3aed',
};

/** The configuration an e-mail's brand comes from besides the theme. */
export type MailBrandConfig = Pick<
  Config,
  'CLINIC_NAME' | 'CLINIC_ADDRESS' | 'CLINIC_PHONE' | 'CLINIC_EMAIL' | 'PUBLIC_URL' | 'publicUrlGiven'
>;

/** The brand of e-mails for a theme: the clinic's details from the configuration, the colour from the theme. */
export function mailBrand(config: MailBrandConfig, theme: Theme): MailBrand {
  const color = THEME_MAIL_COLORS[theme];
  return {
    name: config.CLINIC_NAME,
    color,
    onColor: readableText(color),
    logoUrl: config.publicUrlGiven ? `${config.PUBLIC_URL}${MAIL_LOGO_PATH}` : null,
    address: config.CLINIC_ADDRESS,
    phone: config.CLINIC_PHONE,
    email: config.CLINIC_EMAIL,
  };
}

/** The brand of e-mails as the clinic is set up now: the theme an admin picked, read in `db` (or the caller's transaction). */
export async function readMailBrand(db: Executor, config: MailBrandConfig): Promise<MailBrand> {
  return mailBrand(config, await getTheme({ db }));
}
