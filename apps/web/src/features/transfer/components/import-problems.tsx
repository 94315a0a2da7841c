import { Alert, AlertTitle } from '@mui/material';
import { errorText } from '@web/lib/error-text';
import { ApiError } from '@web/lib/http';
import { useTranslation } from 'react-i18next';

/** How many of a file's problems to list; the server names 20 at most. */
const SHOWN = 20;

/**
 * Why a file cannot be imported, as the server said it: a CSV's problems by line ("line 7: Cost
 * is not a number."), a JSON file's by place in it ("expenditures.3.amount: …").
 */
export function ImportProblems({ error }: { error: Error }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError) || error.status !== 422) {
    return <Alert severity="error">{errorText(error, t)}</Alert>;
  }
  // A CSV's problems name their line already; another file's are keyed `line:7` (worded here
  // in the person's language) or by their place in a JSON file.
  const problems = Object.entries(error.errors).flatMap(([path, messages]) =>
    messages.map((message) => {
      if (path === 'csv' || path === 'file') return message;
      const line = /^line:(\d+)$/.exec(path)?.[1];
      return line ? t('transfer.onLine', { line, message }) : `${path}: ${message}`;
    }),
  );
  return (
    <Alert severity="error">
      <AlertTitle>{t('transfer.cannotImport')}</AlertTitle>
      {problems.length === 0 ? (
        error.message
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {problems.slice(0, SHOWN).map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
