import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isLtiUrl, type LtiRegisterAnswer } from '@examprep/contracts';
import { rootLogger, ServiceError } from '@examprep/nest-kit';
import { Clock } from '../clock';
import { SchoolsEnv } from '../config/schools.env';
import { MessageTypes, Scopes } from './protocol/claims';
import { LtiRepository } from './lti.repository';
import type { PlatformRecord } from './lti.schema';
import { toPlatform } from './platforms.service';
import { toolUrls } from './tool-urls';

/** LTI Dynamic Registration 1.0 claim names. */
const PLATFORM_CONFIG = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const TOOL_CONFIG = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
/** A platform's answer read at most (an OpenID configuration is a few KB). */
const MAX_ANSWER_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

export const REGISTRATION_MESSAGES = {
  badRequest:
    'This registration link is incomplete: open it from your LMS’s tool registration (it adds openid_configuration).',
  badConfiguration:
    'Your LMS’s configuration could not be read, or it is not an LTI 1.3 platform’s (issuer, endpoints and registration endpoint are needed).',
  refused:
    'Your LMS did not accept the registration. Please try again, or register the tool by hand.',
  duplicate: 'This LMS is registered with ExamPrep already.',
} as const;

/** Reads at most MAX_ANSWER_BYTES of a JSON answer. */
async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  const text = await res.text();
  if (text.length > MAX_ANSWER_BYTES) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The tool's side of LTI Dynamic Registration 1.0 (ADR 0040): the LMS opens our registration URL
 * with its OpenID configuration and a registration token; we read the configuration, register
 * (our login, launch and keys URLs, the messages and scopes we use) and keep the platform as
 * `pending`: nothing launches until a site admin of ours activates it on the registration
 * screen. Plain http only where LTI_ALLOW_HTTP allows it.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly repo: LtiRepository,
    private readonly env: SchoolsEnv,
    private readonly clock: Clock,
  ) {}

  async register(input: {
    openidConfiguration: string;
    registrationToken: string | null;
  }): Promise<LtiRegisterAnswer> {
    const configUrl = input.openidConfiguration;
    if (!isLtiUrl(configUrl, this.env.LTI_ALLOW_HTTP)) {
      throw ServiceError.badRequest(REGISTRATION_MESSAGES.badRequest);
    }
    const token =
      typeof input.registrationToken === 'string' && input.registrationToken.length <= 4096
        ? input.registrationToken
        : null;
    const config = await this.fetchJson(configUrl, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const issuer = config?.['issuer'];
    const registrationEndpoint = config?.['registration_endpoint'];
    const authUrl = config?.['authorization_endpoint'];
    const tokenUrl = config?.['token_endpoint'];
    const jwksUrl = config?.['jwks_uri'];
    const urls = [issuer, registrationEndpoint, authUrl, tokenUrl, jwksUrl];
    // Dynamic Registration §3.5.1: the configuration is the issuer's own
    if (
      !urls.every((u) => isLtiUrl(u, this.env.LTI_ALLOW_HTTP)) ||
      new URL(configUrl).host !== new URL(String(issuer)).host
    ) {
      throw ServiceError.badRequest(REGISTRATION_MESSAGES.badConfiguration);
    }
    const platformConfig = (config![PLATFORM_CONFIG] ?? {}) as Record<string, unknown>;
    const tool = toolUrls(this.env.WEB_URL);
    const answer = await this.fetchJson(String(registrationEndpoint), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({
        application_type: 'web',
        response_types: ['id_token'],
        grant_types: ['implicit', 'client_credentials'],
        initiate_login_uri: tool.loginUrl,
        redirect_uris: [tool.launchUrl],
        client_name: 'ExamPrep',
        jwks_uri: tool.jwksUrl,
        token_endpoint_auth_method: 'private_key_jwt',
        scope: [Scopes.lineItem, Scopes.resultReadOnly, Scopes.score, Scopes.memberships].join(' '),
        [TOOL_CONFIG]: {
          domain: tool.domain,
          target_link_uri: tool.launchUrl,
          claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
          messages: [
            { type: MessageTypes.resourceLink },
            {
              type: MessageTypes.deepLinkingRequest,
              target_link_uri: tool.launchUrl,
              label: 'ExamPrep',
            },
          ],
        },
      }),
    });
    const clientId = answer?.['client_id'];
    const deploymentId = (answer?.[TOOL_CONFIG] as Record<string, unknown> | undefined)?.[
      'deployment_id'
    ];
    if (typeof clientId !== 'string' || clientId.length === 0 || clientId.length > 255) {
      throw new ServiceError({
        status: 502,
        code: 'LTI_REGISTRATION',
        message: REGISTRATION_MESSAGES.refused,
      });
    }
    const now = new Date(this.clock.now());
    const name = (
      typeof platformConfig['product_family_code'] === 'string'
        ? `${platformConfig['product_family_code']} (${new URL(String(issuer)).host})`
        : new URL(String(issuer)).host
    ).slice(0, 120);
    const record: PlatformRecord = {
      _id: randomUUID(),
      name,
      issuer: String(issuer),
      clientId,
      deploymentIds:
        typeof deploymentId === 'string' && deploymentId.length > 0 && deploymentId.length <= 255
          ? [deploymentId]
          : [],
      authUrl: String(authUrl),
      tokenUrl: String(tokenUrl),
      jwksUrl: String(jwksUrl),
      status: 'pending',
      registeredBy: 'dynamic',
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.repo.insertPlatform(record))) {
      throw ServiceError.conflict(REGISTRATION_MESSAGES.duplicate);
    }
    rootLogger().info(
      {
        audit: 'lti-platform',
        platformId: record._id,
        issuer: record.issuer,
        action: 'dynamic-registration',
      },
      'LTI platform registered by dynamic registration: pending until an admin activates it',
    );
    return { platform: toPlatform(record) };
  }

  /** A JSON answer of the platform, or a 502 naming what failed (never the token). */
  private async fetchJson(url: string, init: RequestInit): Promise<Record<string, unknown> | null> {
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      rootLogger().warn(
        { url, reason: (err as Error).message },
        'dynamic registration: platform unreachable',
      );
      throw new ServiceError({
        status: 502,
        code: 'LTI_REGISTRATION',
        message: REGISTRATION_MESSAGES.badConfiguration,
      });
    }
    if (!res.ok) {
      rootLogger().warn({ url, status: res.status }, 'dynamic registration: platform refused');
      throw new ServiceError({
        status: 502,
        code: 'LTI_REGISTRATION',
        message: REGISTRATION_MESSAGES.refused,
      });
    }
    return jsonOf(res);
  }
}
