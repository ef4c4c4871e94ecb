import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isSignupAllowed, type SignupStatus } from '@examprep/contracts';
import { Model } from 'mongoose';
import { SettingRecord } from './setting.schema';

const SIGNUP = 'signup';

@Injectable()
export class SettingsService {
  constructor(@InjectModel(SettingRecord.name) private readonly settings: Model<SettingRecord>) {}

  /** GET /api/allow-signup: the stored value (true or 'true' allow); open when never set. */
  async signupStatus(): Promise<SignupStatus> {
    const doc = await this.settings.findById(SIGNUP).lean().exec();
    if (!doc) return { allowSignup: true };
    const v: unknown = doc.allowSignup;
    return { allowSignup: v === true ? true : v === 'true' ? 'true' : false };
  }

  async signupAllowed(): Promise<boolean> {
    return isSignupAllowed(await this.signupStatus());
  }
}
