// The categories feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { categoryColor } from './category-color';
export { CategoryField } from './category-field';
export { CategoryIcon } from './category-icon';
export { categoryName, categoryOf } from './category-name';
