import type { Annotation, AnnotationBody } from '@footfall/contract';
import { MAX_ANNOTATION_LENGTH } from '@footfall/contract';
import { formatDateRange } from '@footfall/contract/format';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { createAnnotation, deleteAnnotation } from '../../api/annotations';
import { http } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { showAlert } from '../../state/alerts';

/** "Nov 2, 2026" or "Nov 2 – 8, 2026": a note's days, which are the site's local dates. */
export function noteDays(note: Pick<Annotation, 'date' | 'end_date'>): string {
  return formatDateRange(note.date, note.end_date ?? note.date);
}

interface ChartNotesProps {
  companyId: number;
  /** The notes that touch the period on the chart. */
  notes: readonly Annotation[];
  /** The last day of the period: where a new note starts. */
  lastDay: string;
  /** Owners and admins write and delete notes; everyone else reads them. */
  canEdit: boolean;
}

/**
 * The notes under the time chart: each one's days, words and writer (the chart marks where they fall and
 * its tooltip repeats them), and for owners and admins a form to add one and a button to delete each.
 */
export function ChartNotes({ companyId, notes, lastDay, canEdit }: ChartNotesProps) {
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | undefined>();
  // The chart and the list come from the analytics answer, which is loaded again with the change.
  const reload = () => router.invalidate();
  const remove = async (note: Annotation) => {
    const choice = await showAlert({
      title: 'Delete this note?',
      text: `“${note.text}” goes from the chart for everyone who sees this site.`,
    });
    if (choice !== 'ok') return;
    setDeleting(note.id);
    try {
      await deleteAnnotation(http, companyId, note.id);
      await reload();
    } finally {
      setDeleting(undefined);
    }
  };

  if (notes.length === 0 && !canEdit) return null;
  return (
    <div className="chart-notes">
      {notes.length > 0 ? (
        <ul className="chart-notes-list" aria-label="Notes on this period">
          {notes.map((note) => (
            <li key={note.id} className="chart-note">
              <span className="chart-note-days">{noteDays(note)}</span>
              <span className="chart-note-text">{note.text}</span>
              {note.author ? <span className="chart-note-author muted small">{note.author}</span> : null}
              {canEdit ? (
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={`Delete the note "${note.text}"`}
                  disabled={deleting === note.id}
                  onClick={() => void remove(note).catch(() => undefined)}
                >
                  Delete
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit && !adding ? (
        <button type="button" className="button button-small" onClick={() => setAdding(true)}>
          Add a note
        </button>
      ) : null}
      {canEdit && adding ? (
        <NoteForm
          companyId={companyId}
          lastDay={lastDay}
          onDone={async (saved) => {
            if (saved) await reload();
            setAdding(false);
          }}
        />
      ) : null}
    </div>
  );
}

const schema = { date: [required()], end_date: [], text: [required(), max(MAX_ANNOTATION_LENGTH)] };

function NoteForm({
  companyId,
  lastDay,
  onDone,
}: {
  companyId: number;
  lastDay: string;
  onDone: (saved: boolean) => Promise<void>;
}) {
  const form = useForm(schema, { date: lastDay, end_date: '', text: '' }, { labels: { end_date: 'until' } });
  const submit = form.handleSubmit(async (values) => {
    const endDate = String(values.end_date);
    const body: AnnotationBody = {
      date: String(values.date),
      ...(endDate ? { end_date: endDate } : {}),
      text: String(values.text).trim(),
    };
    await createAnnotation(http, companyId, body);
    await onDone(true);
  });
  return (
    <form className="form inline-form chart-note-form" noValidate onSubmit={submit} aria-label="Add a note">
      <FormError message={form.formError} />
      <div className="chart-note-dates">
        <TextField label="Date" type="date" {...form.bind('date')} />
        <TextField label="Until (optional)" type="date" {...form.bind('end_date')} />
      </div>
      <TextField
        label="Note"
        placeholder="Launched the new pricing page"
        maxLength={MAX_ANNOTATION_LENGTH}
        {...form.bind('text')}
        hint="Everyone who sees this site's chart sees it there, and in the exports."
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Save note'}
        </button>
        <button type="button" className="button" onClick={() => void onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
