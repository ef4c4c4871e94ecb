import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  DEEP_LINK_MESSAGES as M,
  DEEP_LINK_SEND_PATH,
  type DeepLinkRequestView,
  type DeepLinkResponseAnswer,
  DeepLinkResponseDto,
  type DeepLinkResponseInput,
  type SendDeepLinkAnswer,
} from '@examprep/contracts';
import { requireVerified, rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import { Clock } from '../clock';
import { SchoolsEnv } from '../config/schools.env';
import { contentItem, deepLinkingResponseClaims, deepLinkOptions } from './deep-links';
import { LtiRepository, onceId } from './lti.repository';
import type { OnceRecord } from './lti.schema';
import { SCHOOLS_CALLS, type SchoolsCalls } from './peers';
import { ToolKeys } from './tool-keys.service';
import { toolUrls } from './tool-urls';

/** How long the browser has to send the answer to the LMS after the pick. */
const SEND_TTL_MS = 2 * 60_000;
/** How long the LMS has to take the signed response (Deep Linking 2.0: minutes). */
const RESPONSE_SECONDS = 300;
const ID = /^[a-f0-9-]{36}$/;

interface DeepLinkData {
  uid: string;
  platformId: string;
  deploymentId: string;
  returnUrl: string;
  data: string | null;
  acceptMultiple: boolean;
  acceptLtiLinks: boolean;
  acceptLineItem: boolean;
  contextLabel: string | null;
  contextTitle: string | null;
}

/**
 * The instructor's side of Deep Linking 2.0 (ADR 0040): the request their launch left (readable by
 * them only, for an hour), and its answer: the picked items as ltiResourceLinks to our launch URL
 * with the resource in their custom parameters and, for a graded test, a line item; signed by our
 * key for the platform, once.
 */
@Injectable()
export class DeepLinkService {
  constructor(
    private readonly repo: LtiRepository,
    private readonly env: SchoolsEnv,
    private readonly keys: ToolKeys,
    @Inject(SCHOOLS_CALLS) private readonly peers: SchoolsCalls,
    private readonly clock: Clock,
  ) {}

  async get(actor: Actor | null, id: string): Promise<DeepLinkRequestView> {
    requireVerified(actor);
    const record = await this.own(actor, id, false);
    const data = record.data as unknown as DeepLinkData;
    return {
      id,
      context:
        data.contextLabel || data.contextTitle
          ? { label: data.contextLabel, title: data.contextTitle }
          : null,
      acceptMultiple: data.acceptMultiple,
      acceptLineItem: data.acceptLineItem,
      options: data.acceptLtiLinks ? deepLinkOptions(await this.peers.products()) : [],
      expiresAt: record.expiresAt.toISOString(),
    };
  }

  async respond(
    actor: Actor | null,
    id: string,
    input: DeepLinkResponseInput,
  ): Promise<DeepLinkResponseAnswer> {
    requireVerified(actor);
    const dto = validatePayload(DeepLinkResponseDto, input);
    const peek = await this.own(actor, id, false);
    const data = peek.data as unknown as DeepLinkData;
    if (!data.acceptMultiple && dto.picks.length > 1) {
      throw ServiceError.badRequest(M.oneOnly, { picks: [M.oneOnly] });
    }
    const options = new Map(
      deepLinkOptions(await this.peers.products()).map((o) => [o.key, o] as const),
    );
    const keys = new Set<string>();
    for (const pick of dto.picks) {
      if (!options.has(pick.key) || keys.has(pick.key)) {
        throw ServiceError.badRequest(M.unknownOption, { picks: [M.unknownOption] });
      }
      keys.add(pick.key);
    }
    const platform = await this.repo.findPlatform(data.platformId);
    if (!platform || platform.status !== 'active') throw ServiceError.notFound(M.notFound);
    // answered once: the request is taken now (a second click finds nothing)
    const record = await this.own(actor, id, true);
    const launchUrl = toolUrls(this.env.WEB_URL).launchUrl;
    const items = dto.picks.map((pick) =>
      contentItem(options.get(pick.key)!, pick, launchUrl, data.acceptLineItem),
    );
    const jwt = await this.keys.sign(
      deepLinkingResponseClaims({
        clientId: platform.clientId,
        issuer: platform.issuer,
        deploymentId: data.deploymentId,
        nonce: randomBytes(16).toString('base64url'),
        data: data.data,
        items,
      }),
      RESPONSE_SECONDS,
    );
    rootLogger().info(
      { audit: 'lti-deep-link', uid: actor.uid, platformId: platform._id, items: [...keys] },
      'LTI deep linking answered',
    );
    // the browser fetches the signed answer once, from the page that posts it to the LMS
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertOnce(
      onceId('dlsend', token),
      'dlsend',
      { returnUrl: (record.data as unknown as DeepLinkData).returnUrl, jwt },
      new Date(this.clock.now() + SEND_TTL_MS),
    );
    return { sendUrl: `${DEEP_LINK_SEND_PATH}?token=${token}` };
  }

  /** The signed answer of a `respond`, once, for the page that posts it to the LMS. */
  async send(token: string): Promise<SendDeepLinkAnswer> {
    const record =
      typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token)
        ? await this.repo.takeOnce(onceId('dlsend', token), new Date(this.clock.now()))
        : null;
    if (!record) throw ServiceError.notFound(M.notFound);
    return { returnUrl: String(record.data['returnUrl']), jwt: String(record.data['jwt']) };
  }

  /** The request `id` of this actor (taken when `take`); another user's is not found. */
  private async own(actor: Actor, id: string, take: boolean): Promise<OnceRecord> {
    if (!ID.test(String(id))) throw ServiceError.notFound(M.notFound);
    const now = new Date(this.clock.now());
    const record = await this.repo.findOnce(`deeplink:${id}`, now);
    if (!record || record.kind !== 'deeplink') throw ServiceError.notFound(M.notFound);
    // another user's request is answered as missing: its id tells them nothing
    if (record.data['uid'] !== actor.uid) throw ServiceError.notFound(M.notFound);
    if (!take) return record;
    const taken = await this.repo.takeOnce(`deeplink:${id}`, now);
    if (!taken) throw ServiceError.notFound(M.notFound);
    return taken;
  }
}
