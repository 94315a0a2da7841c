import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';

/**
 * The right-to-left style cache (emotion-caches.ts): every rule mirrored by MUI's stylis plugin,
 * under its own key. A chunk of its own, loaded only for a right-to-left language. Emotion's own
 * vendor prefixer is not exported and stylis' would weigh on every first visit: right to left,
 * rules go unprefixed, which today's browsers read.
 */
export const createRtlCache = () => createCache({ key: 'rtl', stylisPlugins: [rtlPlugin] });
