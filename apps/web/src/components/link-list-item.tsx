import { ListItem, ListItemButton } from '@mui/material';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/**
 * A list row that is a link: the link inside an `<li>`, as lists must hold list items for
 * screen readers (MUI's ListItemButton alone renders the link straight in the `<ul>`).
 * A NavLink, so that the row of the current page says so (aria-current).
 */
export function LinkListItem(props: {
  to: string;
  children: ReactNode;
  divider?: boolean;
  selected?: boolean;
  onClick?: () => void;
}) {
  return (
    <ListItem disablePadding divider={props.divider}>
      <ListItemButton
        component={NavLink}
        to={props.to}
        selected={props.selected}
        onClick={props.onClick}
      >
        {props.children}
      </ListItemButton>
    </ListItem>
  );
}
