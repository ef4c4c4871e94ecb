import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EMAIL_NOT_VERIFIED_MESSAGE, passesVerification } from '@examprep/contracts';
import { ACCESS_POLICY, type AccessPolicy, type RequestWithActor } from './auth.decorators';
import { TokenVerifier } from './token-verifier';

export const AUTH_MESSAGES = {
  missing: 'Authentication required.',
  invalid: 'Your session has expired or is invalid. Please log in again.',
  adminOnly: 'Admins only.',
  instructorOnly: 'Instructors only: open ExamPrep from a course you teach in your LMS.',
  unverified: EMAIL_NOT_VERIFIED_MESSAGE,
  noPolicy: 'This route has no access policy.',
} as const;

/** Global guard: every route must declare its policy; none declared means denied. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  /**
   * Each route's declared policy, by controller class and handler (an inherited handler may
   * serve classes with different policies): metadata never changes, so it is read once.
   */
  private readonly policies = new WeakMap<object, WeakMap<object, AccessPolicy | undefined>>();

  private policyOf(context: ExecutionContext): AccessPolicy | undefined {
    const handler = context.getHandler();
    const cls = context.getClass();
    let byHandler = this.policies.get(cls);
    if (!byHandler) this.policies.set(cls, (byHandler = new WeakMap()));
    if (byHandler.has(handler)) return byHandler.get(handler);
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      handler,
      cls,
    ]);
    byHandler.set(handler, policy);
    return policy;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policy = this.policyOf(context);
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    request.actor = null;
    if (!policy) throw new ForbiddenException(AUTH_MESSAGES.noPolicy);
    if (policy.kind === 'public') return true;

    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (policy.kind === 'optional') return true;
      const message =
        (policy.kind === 'authenticated' && policy.missingMessage) || AUTH_MESSAGES.missing;
      throw new UnauthorizedException({ message, code: 'UNAUTHENTICATED' });
    }
    try {
      request.actor = await this.verifier.verify(token);
    } catch {
      throw new UnauthorizedException({ message: AUTH_MESSAGES.invalid, code: 'UNAUTHENTICATED' });
    }
    const actor = request.actor;
    if (policy.kind === 'admin' && !actor.isAdmin)
      throw new ForbiddenException(AUTH_MESSAGES.adminOnly);
    if (policy.kind === 'instructor' && actor.isInstructor !== true)
      throw new ForbiddenException(AUTH_MESSAGES.instructorOnly);
    const verifiedOnly =
      (policy.kind === 'authenticated' && !policy.allowUnverified) || policy.kind === 'instructor';
    if (verifiedOnly && !passesVerification(actor)) {
      throw new ForbiddenException({
        message: AUTH_MESSAGES.unverified,
        code: 'EMAIL_NOT_VERIFIED',
      });
    }
    return true;
  }
}

function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*)$/.exec(
    header.trim(),
  );
  return m ? m[1]! : null;
}
