import Attractions from '@mui/icons-material/Attractions';
import Bolt from '@mui/icons-material/Bolt';
import Category from '@mui/icons-material/Category';
import DirectionsBus from '@mui/icons-material/DirectionsBus';
import Hotel from '@mui/icons-material/Hotel';
import LocalGroceryStore from '@mui/icons-material/LocalGroceryStore';
import LocalHospital from '@mui/icons-material/LocalHospital';
import Restaurant from '@mui/icons-material/Restaurant';
import ShoppingBag from '@mui/icons-material/ShoppingBag';
import type { SvgIconProps } from '@mui/material';
import { useTheme } from '@mui/material';
import type { Category as CategoryId } from '@quits/contract';
import { categoryColor } from './category-color';

// Only screens loaded on demand import this file (the expense form and list, statistics), so
// the icons never weigh on the event home's first load.
const ICONS: Record<CategoryId, typeof Category> = {
  food: Restaurant,
  groceries: LocalGroceryStore,
  transport: DirectionsBus,
  accommodation: Hotel,
  activities: Attractions,
  shopping: ShoppingBag,
  utilities: Bolt,
  health: LocalHospital,
  other: Category,
};

/**
 * A category's icon in the category's colour for the current light or dark mode. With a
 * `label` (the category's name, where it is not written beside the icon) screen readers read
 * it and a pointer shows it; without one the icon is decorative and hidden from them.
 */
export function CategoryIcon({
  category,
  label,
  ...props
}: { category: CategoryId; label?: string } & SvgIconProps) {
  const Icon = ICONS[category];
  const mode = useTheme().palette.mode;
  return (
    <Icon
      {...(label ? { titleAccess: label } : { 'aria-hidden': true })}
      htmlColor={categoryColor(category, mode)}
      {...props}
    />
  );
}
