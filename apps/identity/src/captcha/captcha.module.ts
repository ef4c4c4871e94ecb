import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CaptchaController } from './captcha.controller';
import { CaptchaChallengeRecord, CaptchaChallengeSchema } from './captcha.schema';
import { CAPTCHA_OPTIONS, CaptchaService, type CaptchaOptions } from './captcha.service';

/** The dashboard's contact challenge: math question, single-use verify, business number. */
@Module({})
export class CaptchaModule {
  static forRoot(options: CaptchaOptions): DynamicModule {
    return {
      module: CaptchaModule,
      imports: [
        MongooseModule.forFeature([
          { name: CaptchaChallengeRecord.name, schema: CaptchaChallengeSchema },
        ]),
      ],
      controllers: [CaptchaController],
      providers: [CaptchaService, { provide: CAPTCHA_OPTIONS, useValue: options }],
    };
  }
}
