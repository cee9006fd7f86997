/**
 * Passwords that show up again and again in published breach lists. Compared case-insensitively;
 * a password is also refused when it is one of these followed by digits or punctuation ("password1!").
 */
const list = `
123456 123456789 12345678 12345 1234567 1234567890 qwerty password 111111 123123 abc123 1234 000000
password1 iloveyou 1q2w3e4r 1q2w3e4r5t qwertyuiop 123321 654321 666666 121212 777777 112233 987654321
dragon monkey letmein football baseball welcome login admin administrator princess sunshine master
shadow superman batman trustno1 starwars hello freedom whatever qazwsx michael mustang jennifer
hunter hunter2 charlie donald passw0rd zaq12wsx asdfgh asdfghjkl zxcvbnm zxcvbn qwerty123 qwertyu
123qwe 1qaz2wsx aa123456 a123456 abcd1234 abcdef abcdefg abcdefgh password123 password12 pass1234
changeme secret root toor guest test test123 testing default access flower lovely loveme love
soccer hockey killer jordan jordan23 harley ranger buster thomas tigger robert daniel andrew joshua
matthew ashley jessica michelle amanda nicole daniel1 summer winter spring autumn purple orange
yellow silver golden cookie cheese chocolate pepper ginger maggie bailey buddy coffee computer
internet samsung apple google yahoo facebook linkedin twitter instagram microsoft windows
pokemon naruto minecraft fortnite liverpool chelsea arsenal barcelona juventus realmadrid
iloveyou1 iloveu loveyou babygirl babyboy angel angels blessed jesus christ heaven forever
friends family money banana peanut pumpkin sparky snoopy tweety garfield scooby mickey minnie
qwe123 qweqwe asd123 zxc123 zxcvbnm1 1qazxsw2 qazwsxedc 1234qwer qwer1234 q1w2e3r4 q1w2e3r4t5
11111111 00000000 88888888 12341234 11223344 123654 147258369 159753 789456123 987654 a1b2c3
a1b2c3d4 aaaaaa aaaaaaaa zzzzzz superstar rockstar starlight moonlight sunflower butterfly
princess1 monkey1 dragon1 shadow1 master1 football1 baseball1 welcome1 welcome123 letmein1
admin123 admin1234 administrator1 root123 user user123 username password! p@ssw0rd p@ssword
passw0rd1 pa55word pa55w0rd secret123 qwerty1 qwerty12 qwertyu1 asdf1234 asdfasdf 1password
mypassword newpassword mypass pass password2 password3 temp temp123 temppass trial demo demo123
office budget finance ledger ledgerdesk accounting company business summer2024 winter2024
spring2025 summer2025 autumn2025 winter2025 spring2026 summer2026 autumn2026 winter2026
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
