export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number';
export const INDIAN_MOBILE_MESSAGE = 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9';
