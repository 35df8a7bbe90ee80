import type { AnnotationAnswer, AnnotationBody } from '@footfall/contract';
import type { ApiClient } from './client';

// The notes on a company's time chart (docs/api.md "Annotations"); the analytics answer carries
// those of its period.

export function createAnnotation(
  client: ApiClient,
  companyId: number,
  body: AnnotationBody,
): Promise<AnnotationAnswer> {
  return client.post<AnnotationAnswer>(`/api/companies/${companyId}/annotations`, body);
}

export async function deleteAnnotation(
  client: ApiClient,
  companyId: number,
  annotationId: number,
): Promise<void> {
  await client.delete(`/api/companies/${companyId}/annotations/${annotationId}`);
}
