/** Who a person is to the clinic: a customer (`user`), an employee or an admin. */

export const ROLES = ['user', 'employee', 'admin'] as const;

export type Role = (typeof ROLES)[number];
