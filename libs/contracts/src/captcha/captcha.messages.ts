import type { RpcPair } from '../rpc-map';
import { Subjects } from '../subjects';
import type { CaptchaChallenge, CaptchaVerifyAnswer, CaptchaVerifyInput, Envelope } from '../types';

/** Payloads of the identity.captcha.* request/reply subjects (anonymous: actor is null). */
export type IssueCaptchaMessage = Envelope;
export type VerifyCaptchaMessage = Envelope<{ input: CaptchaVerifyInput }>;

/** The contact-challenge part of RpcMap (answered by the identity service). */
export interface CaptchaRpc {
  [Subjects.identity.captchaIssue]: RpcPair<IssueCaptchaMessage, CaptchaChallenge>;
  [Subjects.identity.captchaVerify]: RpcPair<VerifyCaptchaMessage, CaptchaVerifyAnswer>;
}
