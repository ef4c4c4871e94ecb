import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ASSIGNMENT_MESSAGES as M,
  type LtiAssignmentView,
  type LtiAttempt,
  type StartAssignmentAnswer,
} from '@examprep/contracts';
import { requireVerified, ServiceError } from '@examprep/nest-kit';
import { LtiRepository } from './lti.repository';
import type { LinkRecord, MemberRecord, ScoreRecord } from './lti.schema';
import { SCHOOLS_CALLS, type SchoolsCalls } from './peers';
import { type LinkedResource, resourceOf } from './protocol/resources';

const LINK_KEY = /^[a-f0-9-]{36}:[^\s]{1,255}$/;

type TestResource = Extract<LinkedResource, { kind: 'test' }>;

function gradeSync(score: ScoreRecord | undefined): LtiAttempt['gradeSync'] {
  if (!score) return 'none';
  if (score.status === 'sent') return 'sent';
  return score.status === 'failed' || score.lastError ? 'failed' : 'pending';
}

/**
 * A learner's LMS assignment that opens a test (ADR 0040): only a learner who launched it from the
 * course (a member of its context) sees it; starting it makes a test that carries the link, so its
 * score goes to the line item when submitted. The course's instructor sees it too, with the way
 * to their class (`teaching`).
 */
@Injectable()
export class AssignmentsService {
  constructor(
    private readonly repo: LtiRepository,
    @Inject(SCHOOLS_CALLS) private readonly peers: SchoolsCalls,
  ) {}

  async get(actor: Actor | null, linkKey: string): Promise<LtiAssignmentView> {
    requireVerified(actor);
    const { link, resource, member } = await this.assignment(actor, linkKey);
    const product = (await this.peers.products()).find((p) => p.id === resource.productId);
    const tests = await this.peers.linkedTests(actor, link._id);
    const scores = new Map(
      (await this.repo.scoresOf(tests.map((t) => t.testId))).map((s) => [s._id, s] as const),
    );
    const context = link.contextKey ? await this.repo.findContext(link.contextKey) : null;
    return {
      linkKey: link._id,
      title: link.title,
      context: context ? { label: context.label, title: context.title } : null,
      productId: resource.productId,
      includeId: resource.includeId,
      productName: product?.name ?? resource.productId,
      mode: resource.mode,
      graded: link.lineItemUrl !== null,
      attempts: tests.map((t) => ({
        testId: t.testId,
        status: t.completed ? 'submitted' : 'in-progress',
        score: t.completed ? t.finalScore : null,
        gradeSync: t.completed ? gradeSync(scores.get(t.testId)) : 'none',
        startedAt: t.createdAt,
      })),
      teaching: member?.instructor ? { contextKey: member.contextKey } : null,
    };
  }

  async start(actor: Actor | null, linkKey: string): Promise<StartAssignmentAnswer> {
    requireVerified(actor);
    const { link, resource } = await this.assignment(actor, linkKey);
    const open = (await this.peers.linkedTests(actor, link._id)).find((t) => !t.completed);
    if (open) return { testId: open.testId, mode: open.mode, created: false };
    const made = await this.peers.createLinkedTest(
      actor,
      { productId: resource.productId, includeId: resource.includeId, mode: resource.mode },
      link._id,
    );
    return { testId: made.testId, mode: resource.mode, created: true };
  }

  /** The link, if it opens a test and the actor launched it from its course. */
  private async assignment(
    actor: Actor,
    linkKey: string,
  ): Promise<{ link: LinkRecord; resource: TestResource; member: MemberRecord | null }> {
    if (typeof linkKey !== 'string' || !LINK_KEY.test(linkKey)) {
      throw ServiceError.notFound(M.notFound);
    }
    const link = await this.repo.findLink(linkKey);
    if (!link) throw ServiceError.notFound(M.notFound);
    const member = link.contextKey ? await this.repo.findMember(link.contextKey, actor.uid) : null;
    const account = member
      ? true
      : (await this.repo.lmsUserOf(actor.uid, link.platformId)) !== null;
    // someone who never launched from this course is told as little as about a missing link
    if (!account) throw ServiceError.notFound(M.notFound);
    if (link.contextKey && !member) throw ServiceError.forbidden(M.notMember);
    const resource = resourceOf(link.custom);
    if (resource.kind !== 'test') throw ServiceError.badRequest(M.notATest);
    return { link, resource, member };
  }
}
