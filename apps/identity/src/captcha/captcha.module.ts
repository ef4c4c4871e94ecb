import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CaptchaController } from './captcha.controller';
import { CaptchaRepository } from './captcha.repository';
import {
  CaptchaChallengeRecord,
  CaptchaChallengeSchema,
  CaptchaUseRecord,
  CaptchaUseSchema,
} from './captcha.schema';
import { CAPTCHA_OPTIONS, CaptchaService, type CaptchaOptions } from './captcha.service';
import { MongoCaptchaRepository } from './mongo-captcha.repository';

/** The dashboard's contact challenge: math question, single-use verify, business number. */
@Module({})
export class CaptchaModule {
  static forRoot(options: CaptchaOptions): DynamicModule {
    return {
      module: CaptchaModule,
      imports: [
        MongooseModule.forFeature([
          { name: CaptchaChallengeRecord.name, schema: CaptchaChallengeSchema },
          { name: CaptchaUseRecord.name, schema: CaptchaUseSchema },
        ]),
      ],
      controllers: [CaptchaController],
      providers: [
        CaptchaService,
        { provide: CaptchaRepository, useClass: MongoCaptchaRepository },
        { provide: CAPTCHA_OPTIONS, useValue: options },
      ],
    };
  }
}
