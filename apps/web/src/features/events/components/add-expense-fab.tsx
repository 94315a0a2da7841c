import AddIcon from '@mui/icons-material/Add';
import { Fab } from '@mui/material';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { setAddButtonAside } from '../add-button-aside';
import { CLEARANCE, EDGE } from './add-button-room';

/**
 * The controls the button must never sit on. Whole-width list rows are left out: they are
 * links tappable along their whole width, and the button would otherwise never show.
 */
const CONTROLS = 'button, input, select, textarea, [role="button"], .MuiButton-root';

interface Size {
  width: number;
  height: number;
}

/** Whether the button, at its place in the corner, would lie over any of the page's controls. */
function coversAControl(button: Size): boolean {
  const right = window.innerWidth - EDGE + CLEARANCE;
  const bottom = window.innerHeight - EDGE + CLEARANCE;
  const left = right - button.width - 2 * CLEARANCE;
  const top = bottom - button.height - 2 * CLEARANCE;
  const page = document.querySelector('main');
  if (!page) return false;
  for (const control of page.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (control.closest('.MuiFab-root')) continue;
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left < right && box.right > left && box.top < bottom && box.bottom > top) return true;
  }
  return false;
}

/**
 * Hidden while it would lie over another control (a "Mark as paid" scrolled under it), checked
 * on every scroll, resize and change of the page; shown again as soon as its corner is free.
 */
function useCornerFree(button: RefObject<Size>): boolean {
  const [free, setFree] = useState(true);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        setFree(!coversAControl(button.current));
      });
    };
    check();
    const changes = new MutationObserver(check);
    const main = document.querySelector('main');
    if (main) changes.observe(main, { childList: true, subtree: true });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [button]);
  return free;
}

/**
 * "Add an expense", in the screen's bottom corner once the page's own button is scrolled away:
 * round on a phone, with its words on a wide screen. It never covers another button: it steps
 * aside while one is under it (the title bar offers the action meanwhile), and the page leaves
 * `ROOM_FOR_ADD_BUTTON` (add-button-room.ts) under its last item.
 */
export function AddExpenseFab(props: {
  eventId: string;
  wide: boolean;
  /** While the page's own "Add expense" is in view: one is enough. */
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  // Its size when last shown (it is not there while aside): a round one's until first drawn.
  const size = useRef<Size>({ width: 56, height: 56 });
  const measure = useCallback((button: HTMLAnchorElement | null) => {
    if (button) size.current = { width: button.offsetWidth, height: button.offsetHeight };
  }, []);
  const free = useCornerFree(size);
  // Meanwhile the title bar offers the action (app-shell.tsx).
  useEffect(() => {
    setAddButtonAside(free || props.hidden ? null : props.eventId);
    return () => setAddButtonAside(null);
  }, [free, props.eventId, props.hidden]);
  // Taken out rather than hidden, so that nothing can tap or focus it while aside.
  if (!free || props.hidden) return null;
  return (
    <Fab
      ref={measure}
      variant={props.wide ? 'extended' : 'circular'}
      color="primary"
      component={RouterLink}
      to={`/event/expense/${props.eventId}/new`}
      aria-label={t('home.addExpense')}
      sx={{ position: 'fixed', right: EDGE, bottom: EDGE }}
    >
      <AddIcon sx={props.wide ? { mr: 1 } : undefined} />
      {props.wide && t('home.addExpense')}
    </Fab>
  );
}
