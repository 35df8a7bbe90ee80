import type { SegmentAnswer, SegmentBody, SegmentListAnswer, SegmentUpdateBody } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A company's saved segments: named sets of filters (docs/api.md "Segments").

export function listSegments(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<SegmentListAnswer> {
  return client.get<SegmentListAnswer>(`/api/companies/${companyId}/segments`, options);
}

export function createSegment(
  client: ApiClient,
  companyId: number,
  body: SegmentBody,
): Promise<SegmentAnswer> {
  return client.post<SegmentAnswer>(`/api/companies/${companyId}/segments`, body);
}

export function updateSegment(
  client: ApiClient,
  companyId: number,
  segmentId: number,
  body: SegmentUpdateBody,
): Promise<SegmentAnswer> {
  return client.patch<SegmentAnswer>(`/api/companies/${companyId}/segments/${segmentId}`, body);
}

export async function deleteSegment(client: ApiClient, companyId: number, segmentId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/segments/${segmentId}`);
}
