import { runFirstScreen } from './run-first-screen';

// The inline script of index.html: apps/web/build/preload-first-screen.ts bundles it from here.
runFirstScreen(window);
