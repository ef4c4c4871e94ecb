import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Actor } from '@examprep/contracts';

export const ACCESS_POLICY = 'examprep:access-policy';

export type AccessPolicy =
  | { kind: 'public' }
  | { kind: 'optional' }
  | { kind: 'authenticated'; allowUnverified: boolean; missingMessage?: string }
  | { kind: 'admin' }
  | { kind: 'instructor' };

/** Anyone, no token read. */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);

/** Anyone; a token, when sent, must be valid and sets the actor. */
export const OptionalAuth = () =>
  applyDecorators(
    SetMetadata(ACCESS_POLICY, { kind: 'optional' } satisfies AccessPolicy),
    ApiBearerAuth(),
  );

/**
 * A signed-in user. By default the email must be verified (admins are exempt), as the web app
 * limits unverified users to the verification screen; `allowUnverified` for the few calls
 * that screen makes. `missingMessage`: the 401's text when no token is sent, where the spec
 * words it for the route (downloads: 'Authentication required to download the file.').
 */
export const Authenticated = (
  options: { allowUnverified?: boolean; missingMessage?: string } = {},
) =>
  applyDecorators(
    SetMetadata(ACCESS_POLICY, {
      kind: 'authenticated',
      allowUnverified: options.allowUnverified ?? false,
      ...(options.missingMessage ? { missingMessage: options.missingMessage } : {}),
    } satisfies AccessPolicy),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, expired or invalid token.' }),
    ApiForbiddenResponse({ description: 'Email not verified.' }),
  );

/** A signed-in user with the realm role `admin`. */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ACCESS_POLICY, { kind: 'admin' } satisfies AccessPolicy),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, expired or invalid token.' }),
    ApiForbiddenResponse({ description: 'Admins only.' }),
  );

/**
 * A signed-in user with the realm role `instructor` (issue 30): the schools service then checks
 * that they teach the class asked for. Site admins are not instructors by their role.
 */
export const InstructorOnly = () =>
  applyDecorators(
    SetMetadata(ACCESS_POLICY, { kind: 'instructor' } satisfies AccessPolicy),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, expired or invalid token.' }),
    ApiForbiddenResponse({ description: 'Instructors only.' }),
  );

export interface RequestWithActor {
  actor?: Actor | null;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

/** The verified caller (null on public or anonymous optional-auth routes). */
export const CurrentActor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Actor | null =>
    ctx.switchToHttp().getRequest<RequestWithActor>().actor ?? null,
);
