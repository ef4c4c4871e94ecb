import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { ErrorCodes } from '@examprep/contracts';
import { fieldsMessage, validationErrorsToFields } from '@examprep/nest-kit';

/** Whitelist, forbid unknown fields, transform; 400 names every bad field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = validationErrorsToFields(errors);
      return new BadRequestException({
        message: fieldsMessage(fields),
        code: ErrorCodes.VALIDATION_FAILED,
        fields,
      });
    },
  });
}
