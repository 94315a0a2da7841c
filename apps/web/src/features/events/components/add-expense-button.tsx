import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The title bar's height, at most (64 px on a wide screen): it is drawn over the page's top. */
const TITLE_BAR = 64;

/**
 * "Add expense", labelled, at the top of a screen that shows expenses: the first thing a person
 * looks for there, in view without scrolling at any width. `onInView` says whether it is fully
 * in view, clear of the title bar: the home's corner button shows only while it is not, so the
 * action is on screen once, wherever the page is scrolled.
 */
export function AddExpenseButton(props: { eventId: string; onInView?(inView: boolean): void }) {
  const { t } = useTranslation();
  const { onInView } = props;
  const observer = useRef<IntersectionObserver | null>(null);
  const watch = useCallback(
    (button: HTMLAnchorElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!button || !onInView) return;
      observer.current = new IntersectionObserver(
        ([entry]) => onInView(entry ? entry.intersectionRatio >= 0.99 : false),
        { rootMargin: `-${TITLE_BAR}px 0px 0px 0px`, threshold: [0, 0.99, 1] },
      );
      observer.current.observe(button);
    },
    [onInView],
  );
  return (
    <Button
      ref={watch}
      variant="contained"
      size="large"
      component={RouterLink}
      to={`/event/expense/${props.eventId}/new`}
      startIcon={<AddIcon />}
      sx={{ width: { xs: '100%', sm: 'auto' }, alignSelf: 'flex-start', minHeight: 48 }}
    >
      {t('home.addExpense')}
    </Button>
  );
}
