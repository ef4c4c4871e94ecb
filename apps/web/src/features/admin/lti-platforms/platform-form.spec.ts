import { LTI_LIMITS, LTI_MESSAGES } from '@examprep/contracts/types';
import {
  deploymentIdsOf,
  emptyPlatformValues,
  mapPlatformFieldErrors,
  toPlatformInput,
  validatePlatformForm,
  type PlatformFormValues,
} from './platform-form';

const valid = (over: Partial<PlatformFormValues> = {}): PlatformFormValues => ({
  name: ' Canvas ',
  issuer: 'https://canvas.example',
  clientId: 'c1',
  deploymentIds: 'd1',
  authUrl: 'https://canvas.example/auth',
  tokenUrl: 'https://canvas.example/token',
  jwksUrl: 'https://canvas.example/jwks',
  status: 'active',
  ...over,
});

describe('platform form', () => {
  it('reads deployment IDs one per line, trimmed, empty lines dropped', () => {
    expect(deploymentIdsOf('  a \r\n\n b\n   \n')).toEqual(['a', 'b']);
    expect(deploymentIdsOf('')).toEqual([]);
  });

  it('finds nothing wrong in a valid form, and http is left to the server', () => {
    expect(validatePlatformForm(valid())).toEqual({});
    expect(validatePlatformForm(valid({ authUrl: 'http://localhost:14000/auth' }))).toEqual({});
  });

  it('names every field that is wrong with the server message', () => {
    expect(validatePlatformForm(emptyPlatformValues())).toEqual({
      name: LTI_MESSAGES.nameRequired,
      issuer: LTI_MESSAGES.issuerInvalid,
      clientId: LTI_MESSAGES.clientIdRequired,
      deploymentIds: LTI_MESSAGES.deploymentsRequired,
      authUrl: LTI_MESSAGES.authUrlInvalid,
      tokenUrl: LTI_MESSAGES.tokenUrlInvalid,
      jwksUrl: LTI_MESSAGES.jwksUrlInvalid,
    });
  });

  it('applies the limits', () => {
    const errors = validatePlatformForm(
      valid({
        name: 'n'.repeat(LTI_LIMITS.name + 1),
        clientId: 'c'.repeat(LTI_LIMITS.clientId + 1),
        deploymentIds: 'd'.repeat(LTI_LIMITS.deploymentId + 1),
        jwksUrl: 'https://a.example/#keys',
      }),
    );
    expect(errors).toEqual({
      name: LTI_MESSAGES.nameTooLong,
      clientId: LTI_MESSAGES.clientIdTooLong,
      deploymentIds: LTI_MESSAGES.deploymentInvalid,
      jwksUrl: LTI_MESSAGES.jwksUrlInvalid,
    });
    const many = Array.from({ length: LTI_LIMITS.deployments + 1 }, (_, i) => `d${i}`).join('\n');
    expect(validatePlatformForm(valid({ deploymentIds: many })).deploymentIds).toBe(
      LTI_MESSAGES.deploymentsTooMany,
    );
  });

  it('sends trimmed values', () => {
    expect(toPlatformInput(valid({ deploymentIds: ' d1 \n\nd2' }))).toMatchObject({
      name: 'Canvas',
      deploymentIds: ['d1', 'd2'],
    });
  });

  it('puts server field errors under their fields, list items under their list', () => {
    expect(
      mapPlatformFieldErrors({
        issuer: ['Issuer must be an https URL.'],
        'deploymentIds.0': ['First bad.'],
        'deploymentIds.2': ['Third bad.'],
        other: ['Something else.'],
      }),
    ).toEqual({
      fieldErrors: {
        issuer: 'Issuer must be an https URL.',
        deploymentIds: 'First bad. Third bad.',
      },
      other: ['Something else.'],
    });
  });
});
