/** UI timings (spec section 9). */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const REDIRECT_DELAY_MS = 2000;
export const PRODUCT_AD_ROTATE_MS = 3000;
export const TIPS_AD_ROTATE_MS = 4000;
