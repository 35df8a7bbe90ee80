import type { AdminSubscriber } from '@footfall/contract';
import type { Subscriber } from '@footfall/db';

export function presentSubscriber(subscriber: Subscriber): AdminSubscriber {
  return { id: subscriber.id, email: subscriber.email, created_at: subscriber.createdAt.toISOString() };
}
