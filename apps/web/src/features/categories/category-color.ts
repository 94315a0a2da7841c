import type { PaletteMode } from '@mui/material';
import {
  blue,
  blueGrey,
  green,
  indigo,
  orange,
  pink,
  purple,
  red,
  teal,
} from '@mui/material/colors';
import type { Category } from '@quits/contract';

const HUES: Record<Category, { 300: string; 700: string }> = {
  food: orange,
  groceries: green,
  transport: blue,
  accommodation: indigo,
  activities: pink,
  shopping: purple,
  utilities: teal,
  health: red,
  other: blueGrey,
};

/**
 * A category's colour, the same in every chart and list: a dark shade on the light theme's
 * white and a light shade on the dark theme's near-black, so that it stands out on both.
 */
export function categoryColor(category: Category, mode: PaletteMode): string {
  const hue = HUES[category];
  return mode === 'light' ? hue[700] : hue[300];
}
