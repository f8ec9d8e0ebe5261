/** Session key holding the E.164 number the last code went to, so a reload can go straight to the code. */
export const OTP_PHONE_KEY = 'otpPhone';

export const LOGIN_STEP = { phone: 1, code: 2 } as const;
