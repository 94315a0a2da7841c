import type { FastifyReply, FastifyRequest } from 'fastify';

/** Requests refused for naming something they cannot know, other than by a 404. */
const guesses = new WeakSet<FastifyRequest>();

/**
 * Counts this request's refusal against the not-found limit, as a 404 is: it named an id (an
 * event's, say) that exists but that only its link gives, so it may be a guess.
 */
export function countAsGuess(request: FastifyRequest): void {
  guesses.add(request);
}

/** True when the answer counts as a guess: every 404, and every refusal marked as one. */
export function isGuess(request: FastifyRequest, reply: FastifyReply): boolean {
  return reply.statusCode === 404 || guesses.has(request);
}
