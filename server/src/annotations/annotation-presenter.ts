import type { Annotation } from '@footfall/contract';
import type { AnnotationWithAuthor } from '@footfall/db';

export function presentAnnotation(note: AnnotationWithAuthor): Annotation {
  return {
    id: note.id,
    date: note.date,
    end_date: note.endDate,
    text: note.text,
    author: note.author,
    created_at: note.createdAt.toISOString(),
  };
}
