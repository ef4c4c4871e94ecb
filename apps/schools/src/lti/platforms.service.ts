import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type Actor,
  isLtiUrl,
  LTI_MESSAGES,
  type LtiPlatform,
  LtiPlatformDto,
  type LtiPlatformInput,
  type LtiPlatformsAnswer,
} from '@examprep/contracts';
import { requireAdmin, rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import { Clock } from '../clock';
import { SchoolsEnv } from '../config/schools.env';
import { LtiRepository } from './lti.repository';
import type { PlatformRecord } from './lti.schema';
import { toolUrls } from './tool-urls';

const PLATFORM_ID = /^[a-f0-9-]{36}$/;

export function toPlatform(r: PlatformRecord): LtiPlatform {
  return {
    id: r._id,
    name: r.name,
    issuer: r.issuer,
    clientId: r.clientId,
    deploymentIds: [...r.deploymentIds],
    authUrl: r.authUrl,
    tokenUrl: r.tokenUrl,
    jwksUrl: r.jwksUrl,
    status: r.status,
    registeredBy: r.registeredBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Platform registrations, for site admins (ADR 0040). */
@Injectable()
export class PlatformsService {
  constructor(
    private readonly repo: LtiRepository,
    private readonly env: SchoolsEnv,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor | null): Promise<LtiPlatformsAnswer> {
    requireAdmin(actor);
    const urls = toolUrls(this.env.WEB_URL);
    return {
      platforms: (await this.repo.listPlatforms()).map(toPlatform),
      tool: {
        loginUrl: urls.loginUrl,
        launchUrl: urls.launchUrl,
        jwksUrl: urls.jwksUrl,
        registrationUrl: urls.registrationUrl,
        domain: urls.domain,
      },
    };
  }

  async create(actor: Actor | null, input: LtiPlatformInput): Promise<LtiPlatform> {
    requireAdmin(actor);
    const dto = this.validate(input);
    const now = new Date(this.clock.now());
    const record: PlatformRecord = {
      _id: randomUUID(),
      ...dto,
      deploymentIds: unique(dto.deploymentIds),
      registeredBy: 'admin',
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.repo.insertPlatform(record))) {
      throw ServiceError.conflict(LTI_MESSAGES.duplicate);
    }
    rootLogger().info(
      { audit: 'lti-platform', by: actor.uid, platformId: record._id, action: 'create' },
      'LTI platform registered',
    );
    return toPlatform(record);
  }

  async update(actor: Actor | null, id: string, input: LtiPlatformInput): Promise<LtiPlatform> {
    requireAdmin(actor);
    if (!PLATFORM_ID.test(String(id))) throw ServiceError.notFound(LTI_MESSAGES.notFound);
    const dto = this.validate(input);
    const updated = await this.repo.updatePlatform(id, {
      ...dto,
      deploymentIds: unique(dto.deploymentIds),
      updatedAt: new Date(this.clock.now()),
    });
    if (updated === 'duplicate') throw ServiceError.conflict(LTI_MESSAGES.duplicate);
    if (!updated) throw ServiceError.notFound(LTI_MESSAGES.notFound);
    rootLogger().info(
      { audit: 'lti-platform', by: actor.uid, platformId: id, action: 'update' },
      'LTI platform changed',
    );
    return toPlatform(updated);
  }

  async delete(actor: Actor | null, id: string): Promise<{ deleted: true }> {
    requireAdmin(actor);
    if (!PLATFORM_ID.test(String(id)) || !(await this.repo.deletePlatform(id))) {
      throw ServiceError.notFound(LTI_MESSAGES.notFound);
    }
    rootLogger().info(
      { audit: 'lti-platform', by: actor.uid, platformId: id, action: 'delete' },
      'LTI platform deleted',
    );
    return { deleted: true };
  }

  /** The DTO's checks, then https unless this system allows http (the local LMS stand-in). */
  private validate(input: LtiPlatformInput): LtiPlatformDto {
    const dto = validatePayload(LtiPlatformDto, input);
    const fields: Record<string, string[]> = {};
    const urls = [
      ['issuer', LTI_MESSAGES.issuerInvalid],
      ['authUrl', LTI_MESSAGES.authUrlInvalid],
      ['tokenUrl', LTI_MESSAGES.tokenUrlInvalid],
      ['jwksUrl', LTI_MESSAGES.jwksUrlInvalid],
    ] as const;
    for (const [field, message] of urls) {
      if (!isLtiUrl(dto[field], this.env.LTI_ALLOW_HTTP)) fields[field] = [message];
    }
    if (Object.keys(fields).length > 0) {
      throw ServiceError.badRequest(Object.values(fields).flat().join(' '), fields);
    }
    return dto;
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
