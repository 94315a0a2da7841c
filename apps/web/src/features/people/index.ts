// The people feature's entry: what the other features may use of it. The rest of the folder is
// its own (npm run lint keeps it so).
export { DefaultSplitSection } from './components/default-split-section';
