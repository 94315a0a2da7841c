import { Alert, AlertTitle } from '@mui/material';
import { errorText } from '@web/lib/error-text';
import { ApiError } from '@web/lib/http';
import { useTranslation } from 'react-i18next';

/** How many of a file's problems to list; the server names 20 at most. */
const SHOWN = 20;

/**
 * Why a file cannot be imported, as the server said it: a CSV's problems by line ("line 7: Cost
 * is not a number."), a JSON export's by place in the file ("expenditures.3.amount: …").
 */
export function ImportProblems({ error }: { error: Error }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError) || error.status !== 422) {
    return <Alert severity="error">{errorText(error, t)}</Alert>;
  }
  const problems = Object.entries(error.errors).flatMap(([path, messages]) =>
    messages.map((message) => (path === 'csv' ? message : `${path}: ${message}`)),
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
