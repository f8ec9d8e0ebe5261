/**
 * Suggested cities and colleges for the profile form, for the countries SPEC §9 names (IN, BR, NP, BD,
 * BH). A small static list, not a gazetteer: the form offers these and still accepts the user's own
 * text, so a town or college that is not listed can be entered. Other countries get an empty list.
 */
const CITIES: Record<string, readonly string[]> = {
  IN: [
    'Mumbai',
    'Delhi',
    'Bengaluru',
    'Hyderabad',
    'Chennai',
    'Kolkata',
    'Pune',
    'Ahmedabad',
    'Jaipur',
    'Lucknow',
    'Kanpur',
    'Nagpur',
    'Indore',
    'Bhopal',
    'Patna',
    'Chandigarh',
    'Kochi',
    'Coimbatore',
    'Guwahati',
    'Bhubaneswar',
    'Visakhapatnam',
    'Surat',
    'Noida',
    'Gurugram',
  ],
  BR: [
    'São Paulo',
    'Rio de Janeiro',
    'Brasília',
    'Salvador',
    'Fortaleza',
    'Belo Horizonte',
    'Manaus',
    'Curitiba',
    'Recife',
    'Goiânia',
    'Porto Alegre',
    'Belém',
    'Campinas',
    'São Luís',
    'Florianópolis',
    'Natal',
  ],
  NP: ['Kathmandu', 'Pokhara', 'Lalitpur', 'Bharatpur', 'Biratnagar', 'Birgunj', 'Dharan', 'Butwal'],
  BD: ['Dhaka', 'Chattogram', 'Khulna', 'Rajshahi', 'Sylhet', 'Barishal', 'Rangpur', 'Mymensingh', 'Cumilla'],
  BH: ['Manama', 'Muharraq', 'Riffa', 'Hamad Town', "A'ali", 'Isa Town', 'Sitra'],
};

const COLLEGES: Record<string, readonly string[]> = {
  IN: [
    'IIT Bombay',
    'IIT Delhi',
    'IIT Madras',
    'IIT Kanpur',
    'IIT Kharagpur',
    'IIT Roorkee',
    'IIT Guwahati',
    'IISc Bengaluru',
    'BITS Pilani',
    'NIT Tiruchirappalli',
    'University of Delhi',
    'University of Mumbai',
    'Jadavpur University',
    'Anna University',
    'Vellore Institute of Technology',
    'Manipal Academy of Higher Education',
    'Amity University',
    'Jawaharlal Nehru University',
    'Banaras Hindu University',
    'University of Hyderabad',
    'Savitribai Phule Pune University',
    'Osmania University',
  ],
  BR: [
    'Universidade de São Paulo (USP)',
    'Universidade Estadual de Campinas (Unicamp)',
    'Universidade Federal do Rio de Janeiro (UFRJ)',
    'Universidade Federal de Minas Gerais (UFMG)',
    'Universidade de Brasília (UnB)',
    'Universidade Federal do Rio Grande do Sul (UFRGS)',
    'Universidade Estadual Paulista (Unesp)',
    'Pontifícia Universidade Católica do Rio de Janeiro (PUC-Rio)',
    'Universidade Federal de Pernambuco (UFPE)',
    'Universidade Federal de Santa Catarina (UFSC)',
    'Universidade Federal do Paraná (UFPR)',
    'Universidade Federal da Bahia (UFBA)',
  ],
  NP: [
    'Tribhuvan University',
    'Kathmandu University',
    'Pokhara University',
    'Purbanchal University',
    'Far Western University',
  ],
  BD: [
    'University of Dhaka',
    'Bangladesh University of Engineering and Technology (BUET)',
    'North South University',
    'BRAC University',
    'University of Chittagong',
    'Rajshahi University',
    'Khulna University',
    'Shahjalal University of Science and Technology',
  ],
  BH: [
    'University of Bahrain',
    'Bahrain Polytechnic',
    'Arabian Gulf University',
    'Royal University for Women',
  ],
};

export function citiesOf(country: string): readonly string[] {
  return CITIES[country.toUpperCase()] ?? [];
}

export function collegesOf(country: string): readonly string[] {
  return COLLEGES[country.toUpperCase()] ?? [];
}

/** The listed spelling of `value` when it matches an entry ignoring case, else `value` as typed. */
export function canonicalPlace(list: readonly string[], value: string): string {
  const lower = value.toLocaleLowerCase('en');
  return list.find((entry) => entry.toLocaleLowerCase('en') === lower) ?? value;
}
