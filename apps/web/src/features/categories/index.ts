// The categories feature's entry: what the other features may use of it. Everything else in this folder is its own (npm run lint keeps it so).
export { categoryColor } from './category-color';
export { CategoryField } from './category-field';
export { CategoryIcon } from './category-icon';
export { categoryName, categoryOf } from './category-name';
