/**
 * Names and places the demo's generated members are drawn from (demo-members.ts): varied, made
 * up, with phone numbers in the ranges set aside for fiction (555-01xx in North America).
 */

export const FEMALE_NAMES = [
  'Abigail', 'Adaeze', 'Aiko', 'Alejandra', 'Amara', 'Amelia', 'Anika', 'Beatrice', 'Camille', 'Caroline',
  'Chloe', 'Claire', 'Daniela', 'Deborah', 'Eliza', 'Elena', 'Emma', 'Fatima', 'Fiona', 'Grace',
  'Hannah', 'Harriet', 'Imogen', 'Ingrid', 'Isabel', 'Jasmine', 'Julia', 'Katherine', 'Laila', 'Laura',
  'Leah', 'Lucia', 'Margaret', 'Maya', 'Meera', 'Miriam', 'Nadia', 'Naomi', 'Olivia', 'Priya',
  'Rachel', 'Rosa', 'Ruth', 'Sabine', 'Sarah', 'Simone', 'Talia', 'Valentina', 'Vivian', 'Yuki',
] as const;

export const MALE_NAMES = [
  'Adrian', 'Ahmed', 'Alexander', 'Andre', 'Benjamin', 'Carlos', 'Charles', 'Daniel', 'David', 'Dmitri',
  'Edward', 'Elliot', 'Felix', 'Francisco', 'Gabriel', 'George', 'Hiroshi', 'Isaac', 'Jacob', 'Javier',
  'Jonathan', 'Kenji', 'Kwame', 'Liam', 'Lucas', 'Marcus', 'Mateo', 'Michael', 'Nathaniel', 'Nikolai',
  'Oliver', 'Omar', 'Patrick', 'Paul', 'Rafael', 'Raj', 'Richard', 'Robert', 'Samuel', 'Sebastian',
  'Stefan', 'Theodore', 'Thomas', 'Victor', 'Walter', 'William', 'Xavier', 'Yusuf', 'Zachary', 'Arjun',
] as const;

export const LAST_NAMES = [
  'Abernathy', 'Adeyemi', 'Alvarez', 'Anderson', 'Ashworth', 'Bai', 'Barnes', 'Beaumont', 'Bergstrom', 'Blackwood',
  'Brennan', 'Caldwell', 'Castellano', 'Chen', 'Choi', 'Coleman', 'Dalton', 'Delacroix', 'Desai', 'Donovan',
  'Eriksen', 'Everett', 'Fairbanks', 'Fitzgerald', 'Fontaine', 'Gallagher', 'Garcia', 'Goldberg', 'Grant', 'Gupta',
  'Hale', 'Hartley', 'Hayashi', 'Hendricks', 'Holloway', 'Ibarra', 'Iverson', 'Jensen', 'Kaplan', 'Kaur',
  'Keller', 'Kimura', 'Kowalski', 'Lambert', 'Larsen', 'Lee', 'Levy', 'Lombardi', 'MacKenzie', 'Maldonado',
  'Mercer', 'Moreau', 'Nakamura', 'Navarro', 'Nguyen', 'Novak', 'O’Connell', 'Olsen', 'Ortega', 'Osei',
  'Park', 'Patel', 'Pemberton', 'Petrov', 'Quinn', 'Ramirez', 'Reyes', 'Rinaldi', 'Rosenthal', 'Russo',
  'Sandoval', 'Schneider', 'Sinclair', 'Sorensen', 'Stanton', 'Sullivan', 'Tanaka', 'Thornton', 'Torres', 'Vance',
  'Van der Berg', 'Vasquez', 'Wagner', 'Wallace', 'Whitfield', 'Winslow', 'Wong', 'Yamamoto', 'Zhang', 'Zimmerman',
] as const;

export const COMPANIES = [
  'Hartley & Vance LLP', 'Northgate Capital', 'Blue Oak Partners', 'Cedar Row Architects', 'Meridian Health Group',
  'Stanton Family Office', 'Harbor Light Ventures', 'Copperfield Consulting',
] as const;

export const STREETS = [
  'Oak Street', 'Maple Avenue', 'Vineyard Lane', 'Washington Street', 'Park Place', 'Hillcrest Drive', 'Lakeview Road',
  'Elm Street', 'Cedar Court', 'Highland Avenue', 'Sunset Boulevard', 'Magnolia Way', 'Chestnut Street', 'Willow Bend',
  'Harbor Drive', 'Ridge Road', 'Orchard Lane', 'Prospect Avenue', 'Mill Street', 'Spring Street',
] as const;

export interface DemoPlace {
  city: string;
  stateCode: string | null;
  zipCode: string;
  countryCode: string;
  /** The phone number's country code and area code, e.g. '+1 415'. */
  dialPrefix: string;
  weight: number;
}

const us = (city: string, stateCode: string, zipCode: string, areaCode: string, weight: number): DemoPlace => ({
  city, stateCode, zipCode, countryCode: 'US', dialPrefix: `+1 ${areaCode}`, weight,
});

/** Where members live: mostly California and the big US cities, a few abroad. */
export const PLACES: readonly DemoPlace[] = [
  us('San Francisco', 'CA', '94110', '415', 14), us('Napa', 'CA', '94558', '707', 6), us('Los Angeles', 'CA', '90049', '310', 10),
  us('Palo Alto', 'CA', '94301', '650', 6), us('San Diego', 'CA', '92109', '619', 4), us('Sonoma', 'CA', '95476', '707', 3),
  us('Oakland', 'CA', '94611', '510', 4), us('New York', 'NY', '10023', '212', 10), us('Brooklyn', 'NY', '11215', '718', 3),
  us('Chicago', 'IL', '60614', '312', 5), us('Houston', 'TX', '77005', '713', 3), us('Dallas', 'TX', '75205', '214', 3),
  us('Austin', 'TX', '78703', '512', 2), us('Miami', 'FL', '33133', '305', 3), us('Naples', 'FL', '34102', '239', 2),
  us('Seattle', 'WA', '98112', '206', 4), us('Portland', 'OR', '97210', '503', 2), us('Boston', 'MA', '02116', '617', 4),
  us('Denver', 'CO', '80206', '303', 2), us('Scottsdale', 'AZ', '85251', '480', 2), us('Atlanta', 'GA', '30305', '404', 2),
  us('Washington', 'DC', '20007', '202', 3), us('Greenwich', 'CT', '06830', '203', 2), us('Princeton', 'NJ', '08540', '609', 2),
  us('Philadelphia', 'PA', '19103', '215', 2), us('Minneapolis', 'MN', '55405', '612', 1), us('Nashville', 'TN', '37205', '615', 1),
  us('Charlotte', 'NC', '28207', '704', 1), us('Las Vegas', 'NV', '89135', '702', 1), us('Honolulu', 'HI', '96816', '808', 1),
  us('Park City', 'UT', '84060', '435', 1), us('Anchorage', 'AK', '99501', '907', 0.5),
  { city: 'London', stateCode: null, zipCode: 'SW3 2AB', countryCode: 'GB', dialPrefix: '+44 20 7946', weight: 1.5 },
  { city: 'Toronto', stateCode: 'ON', zipCode: 'M5R 2E8', countryCode: 'CA', dialPrefix: '+1 416', weight: 1 },
  { city: 'Vancouver', stateCode: 'BC', zipCode: 'V6J 1M8', countryCode: 'CA', dialPrefix: '+1 604', weight: 0.7 },
  { city: 'Munich', stateCode: null, zipCode: '80538', countryCode: 'DE', dialPrefix: '+49 89 1234', weight: 0.5 },
  { city: 'Paris', stateCode: null, zipCode: '75007', countryCode: 'FR', dialPrefix: '+33 1 99 00', weight: 0.5 },
  { city: 'Copenhagen', stateCode: null, zipCode: '2100', countryCode: 'DK', dialPrefix: '+45 32 12', weight: 0.3 },
];

/** The ways prospects describe the allocation they hope for (Founder's List requests). */
export const IDEAL_ALLOCATIONS = [
  'Six bottles of Melbury each spring, and Quella when there is some.',
  'A mixed case every release.',
  'Two or three bottles of each wine, for a cellar I am building for my children.',
  'Magnums of Melbury for the family table.',
  'St. Eden and Pluribus mostly; a case a year would be wonderful.',
] as const;
